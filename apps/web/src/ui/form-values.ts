/**
 * A form's values typed from its schema's input (`z.input<typeof schema>`), so a field the schema gains or renames
 * fails the form's build: `Shown` are the fields the form holds, each with the schema's type less its blanks (a
 * form holds '' where the wire takes null), and `Typed` are those held as the text a person types ("1.234,56" for
 * money in centavos, "2,5" for a quantity, the chosen radio's position) and read into the wire's type on submit.
 */
export type FormValues<Input, Shown extends keyof Input, Typed extends Shown = never> = {
  [K in Shown]-?: K extends Typed ? string : NonNullable<Input[K]>;
};
