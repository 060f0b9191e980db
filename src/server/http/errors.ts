import { ErrorCode, type ErrorCodeValue, type FieldError, type Meta } from '../../contracts/envelope';

const httpStatusByCode: Record<ErrorCodeValue, number> = {
  [ErrorCode.success]: 200,
  [ErrorCode.unexpected]: 500,
  [ErrorCode.invalidInput]: 400,
  [ErrorCode.notLoggedIn]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.conflict]: 409,
  [ErrorCode.sourceSystem]: 502,
  [ErrorCode.tooManyRequests]: 429,
  [ErrorCode.mapsProvider]: 502,
  [ErrorCode.mail]: 502,
  [ErrorCode.internal]: 500,
};

/** An error the API reports to the caller as it is: its code, message and HTTP status. */
export class ApiError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    httpStatus?: number,
  ) {
    super(message);
    this.httpStatus = httpStatus ?? httpStatusByCode[code];
  }

  /** The envelope's meta for this error; a kind of error may say more (a CRM failure says why). */
  toMeta(): Meta {
    const meta: Meta = { error_code: this.code, message: this.message };
    if (this.fieldErrors.length > 0) meta.errors = this.fieldErrors;
    return meta;
  }
}

export const invalidInput = (message: string, fieldErrors: FieldError[] = []) =>
  new ApiError(ErrorCode.invalidInput, message, fieldErrors);
export const notLoggedIn = (message = 'Please log in.') => new ApiError(ErrorCode.notLoggedIn, message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new ApiError(ErrorCode.forbidden, message);
export const notFound = (what: string) => new ApiError(ErrorCode.notFound, `${what} not found.`);
export const conflict = (message: string) => new ApiError(ErrorCode.conflict, message);
export const tooManyRequests = (message: string) => new ApiError(ErrorCode.tooManyRequests, message);
