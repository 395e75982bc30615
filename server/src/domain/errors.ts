/** The kinds of failure the domain reports; transports map each to their own status codes. */
export type DomainErrorKind =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'UNAVAILABLE';

export interface DomainErrorOptions {
  /** A stable machine-readable reason, e.g. EMAIL_NOT_VERIFIED; defaults to the kind. */
  code?: string;
  retryAfterSeconds?: number;
  details?: unknown;
}

export class DomainError extends Error {
  readonly code: string;
  readonly retryAfterSeconds?: number;
  readonly details?: unknown;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = options.code ?? kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}
