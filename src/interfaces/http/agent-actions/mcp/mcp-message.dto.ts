import {
  Equals,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IfPresent } from '../../shared/validation';

const isRequestId = (value: unknown): boolean =>
  (typeof value === 'string' && value.length <= 200) || (typeof value === 'number' && Number.isSafeInteger(value));

@ValidatorConstraint({ name: 'requestId' })
class RequestIdRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return isRequestId(value);
  }
  defaultMessage(_args: ValidationArguments): string {
    return 'must be a string of at most 200 characters or an integer';
  }
}

/**
 * One JSON-RPC 2.0 message to the MCP endpoint: a request (`id` and `method`), a notification (`method` alone) or a
 * client's answer to the server (`id` and `result` or `error`). Batches are not part of the protocol since
 * 2025-06-18 and are refused; what `params` holds is the MCP server's to check.
 */
@JSONSchema({ examples: [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }] })
export class McpMessage {
  @Equals('2.0')
  jsonrpc!: '2.0';

  @IfPresent()
  @Validate(RequestIdRule)
  @JSONSchema({ oneOf: [{ type: 'string', maxLength: 200 }, { type: 'integer' }] })
  id?: string | number;

  @IfPresent()
  @IsString()
  @MaxLength(100)
  @Matches(/^[A-Za-z0-9_/$.-]+$/, { message: 'is not a method name' })
  method?: string;

  @IfPresent()
  @IsObject()
  params?: Record<string, unknown>;

  @IfPresent()
  @IsObject()
  result?: Record<string, unknown>;

  @IfPresent()
  @IsObject()
  error?: Record<string, unknown>;
}
