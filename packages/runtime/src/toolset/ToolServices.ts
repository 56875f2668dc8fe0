/**
 * The services of the current run, handed to every tool parameter typed `ToolServices`.
 *
 * It is empty here on purpose: type it for your application by module augmentation.
 *
 * @example
 * ```ts
 * declare module '@toolgen/runtime' {
 *   interface ToolServices {
 *     tickets: TicketClient;
 *   }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by users
export interface ToolServices {}

/**
 * The raw arguments object the model sent, as received, before validation.
 * A tool parameter of this type is injected and never appears in the schema.
 */
export interface ToolArguments {
  readonly [name: string]: unknown;
}
