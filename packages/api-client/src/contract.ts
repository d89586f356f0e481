/**
 * The API's zod schemas, seen as types only: `import type` is erased, so no zod
 * reaches a browser bundle (the console's first load stays without it).
 */
export type * as responses from '@repo/validation/responses';
export type * as requests from '@repo/validation';

/**
 * What a schema yields (`z.output`) or accepts (`z.input`), read through the
 * Standard Schema interface every zod schema implements: this package needs no
 * zod of its own to name the types.
 */
interface StandardSchema {
  readonly '~standard': { readonly types?: { readonly input: unknown; readonly output: unknown } };
}
export type Output<S extends StandardSchema> = NonNullable<S['~standard']['types']>['output'];
export type Input<S extends StandardSchema> = NonNullable<S['~standard']['types']>['input'];
/**
 * A query string as a caller writes it: any of the fields its schema yields,
 * each optional (the API fills the defaults). Not `Input<>`: the query schemas
 * preprocess blank values, which makes every field's input `unknown`.
 */
export type Query<S extends StandardSchema> = Partial<Output<S>>;
