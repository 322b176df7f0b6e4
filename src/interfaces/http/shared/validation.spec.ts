import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { RequestValidationError } from './problem';
import { validateBody } from './validation';

class Line {
  @IsString()
  name!: string;
}

class Order {
  @IsString()
  reference!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Line)
  first?: Line;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Line)
  lines?: Line[];

  @IsOptional()
  @IsObject()
  tags?: Record<string, string>;

  /** A method: class-transformer skips a key of its name, since the built object already has it. */
  describe(): string {
    return this.reference;
  }
}

const issuesOf = async (body: unknown) => {
  try {
    await validateBody(Order, body);
    return [];
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    return error.issues;
  }
};

const UNKNOWN = 'is not a property of this body';
const INHERITED = ['prototype', 'constructor', '__defineGetter__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('the validation pipe and undeclared properties', () => {
  it('takes a body with only declared properties', async () =>
    expect(await validateBody(Order, { reference: 'r1', first: { name: 'a' }, lines: [{ name: 'b' }] })).toEqual(
      expect.objectContaining({ reference: 'r1', first: { name: 'a' }, lines: [{ name: 'b' }] }),
    ));

  it.each(INHERITED)('refuses a property named %s at the top of the body', async (key) =>
    expect(await issuesOf({ reference: 'r1', [key]: 1 })).toEqual([{ path: key, message: UNKNOWN }]),
  );

  it.each(INHERITED)('refuses a property named %s in a nested object and in a list', async (key) =>
    expect(
      await issuesOf({
        reference: 'r1',
        first: { name: 'a', [key]: {} },
        lines: [{ name: 'b' }, { name: 'c', [key]: 2 }],
      }),
    ).toEqual([
      { path: `first.${key}`, message: UNKNOWN },
      { path: `lines.1.${key}`, message: UNKNOWN },
    ]),
  );

  it('refuses a property named as a method of the body class', async () =>
    expect(await issuesOf({ reference: 'r1', describe: 'x' })).toEqual([{ path: 'describe', message: UNKNOWN }]));

  it('names an inherited property beside the other problems of the body', async () =>
    expect(await issuesOf({ toString: 'x', colour: 'red' })).toEqual([
      { path: 'toString', message: UNKNOWN },
      { path: 'colour', message: UNKNOWN },
      { path: 'reference', message: 'is required' },
    ]));

  it('looks inside free-form values too: an inherited name is refused wherever it is', async () =>
    expect(await issuesOf({ reference: 'r1', tags: { colour: 'red', valueOf: 'x' } })).toEqual([
      { path: 'tags.valueOf', message: UNKNOWN },
    ]));
});
