import { afterEach } from 'vitest';
import { openApiContract } from './openapi-contract.js';

/**
 * The contract check of every REST integration test (vitest setupFiles, integration project): each fetch to a
 * local server whose path the OpenAPI document describes has its status and body checked against the document, and
 * a test whose answers break it fails at its end with every violation listed. No test has to opt in.
 */
const violations: string[] = [];
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const originalFetch = globalThis.fetch;

globalThis.fetch = async function contractCheckedFetch(
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): Promise<Response> {
  const response = await originalFetch(input, init);
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input));
  const method = init?.method ?? request?.method ?? 'GET';
  if (!LOCAL_HOSTS.has(url.hostname) || !openApiContract().operationFor(method, url.pathname)) return response;
  const body = method.toUpperCase() === 'HEAD' ? '' : await response.clone().text();
  const found = openApiContract().violation({
    method,
    url: url.href,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
  if (found) violations.push(found);
  return response;
};

/** The violations seen since the last call, cleared (for the test that shows a bad answer is caught). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** Throws when a test's answers broke the contract: vitest fails the test whose afterEach throws. */
export function assertNoContractViolations(): void {
  const found = takeContractViolations();
  if (found.length > 0)
    throw new Error(`REST answers that break the OpenAPI document (/api/openapi.json):\n- ${found.join('\n- ')}`);
}

afterEach(() => assertNoContractViolations());
