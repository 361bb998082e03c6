import { NumericTextInput, type NumericTextInputProps } from './numeric-text-input.tsx';

export type DecimalInputProps = NumericTextInputProps;

/** An exact decimal kept as typed; "-" is only allowed when `min` is below zero, "+", "e" and "E" never. */
export const DecimalInput = (props: DecimalInputProps) => <NumericTextInput {...props} integer={false} />;
