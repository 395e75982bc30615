import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/src/rest/openapi/openapi-document.js';
import { restRouteDocs } from '../../server/src/rest/router.js';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  template: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, ResponseObject>;
}

/** The answer a documented operation gave, as the contract check reads it. */
export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  body: string;
}

/**
 * Checks REST answers against the OpenAPI document the server serves (built from the same route declarations):
 * the status must be documented for the operation, and a JSON body must match that status's schema (ajv, JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1).
 */
export class OpenApiContract {
  private readonly operations = new Map<string, Operation[]>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly validators = new Map<Json, ValidateFunction>();
  private readonly defs: Json;

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // Component refs as $defs of each compiled schema, so every response schema is self-contained.
    this.defs = rewriteRefs(document.components?.schemas ?? {}) as Json;
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(
        item as Record<string, { responses?: Record<string, ResponseObject> }>,
      )) {
        if (!operation?.responses) continue;
        const list = this.operations.get(method.toUpperCase()) ?? [];
        const params = (template.match(/\{[^}]+\}/g) ?? []).length;
        const source = template
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('[^/]+');
        list.push({ template, pattern: new RegExp(`^${source}$`), params, responses: operation.responses });
        this.operations.set(method.toUpperCase(), list);
      }
    }
    // A literal path wins over a templated one (/api/bets/export.csv before /api/bets/{id}).
    for (const list of this.operations.values()) list.sort((a, b) => a.params - b.params);
  }

  /** The documented operation a request hits, or undefined for a path the document does not describe. */
  operationFor(method: string, pathname: string): Operation | undefined {
    const key = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return this.operations.get(key)?.find((operation) => operation.pattern.test(pathname));
  }

  /** Why an answer breaks the contract, or null when it keeps it (or its path is not a documented one). */
  violation(observed: ObservedResponse): string | null {
    const { pathname } = new URL(observed.url);
    const operation = this.operationFor(observed.method, pathname);
    if (!operation || NODE_ANSWERS.has(observed.status)) return null;
    const where = `${observed.method.toUpperCase()} ${pathname} (${operation.template}) answered ${observed.status}`;
    const response = operation.responses[String(observed.status)];
    if (!response)
      return `${where}, a status the OpenAPI document does not list (${Object.keys(operation.responses).join(', ')})`;
    if (observed.method.toUpperCase() === 'HEAD') return null;
    const content = response.content;
    if (!content) return observed.body === '' ? null : `${where} with a body where the document says none`;
    const mediaType = (observed.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const documented = content[mediaType];
    if (!documented)
      return `${where} with Content-Type ${mediaType || '(none)'}; the document lists ${Object.keys(content).join(', ')}`;
    if (mediaType !== 'application/json' || !documented.schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(observed.body);
    } catch {
      return `${where} with a body that is not JSON`;
    }
    const validate = this.validator(documented.schema);
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    return `${where} with a body that does not match its schema: ${errors.join('; ')}\nbody: ${observed.body.slice(0, 500)}`;
  }

  private validator(schema: Json): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile({ ...(rewriteRefs(schema) as Json), $defs: this.defs });
      this.validators.set(schema, validate);
    }
    return validate;
  }
}

function rewriteRefs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/'));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Node's HTTP parser answers these itself, before the application sees the request (431: headers too large). */
const NODE_ANSWERS = new Set([431]);

let contract: OpenApiContract | undefined;

/** The document as the server builds it, checked against once per test file. */
export function openApiContract(): OpenApiContract {
  return (contract ??= new OpenApiContract(buildOpenApiDocument(restRouteDocs(), { version: 'test' })));
}
