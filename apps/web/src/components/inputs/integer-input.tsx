import { INT32_MAX, INT32_MIN } from '@rmm/domain';
import { NumericTextInput, type NumericTextInputProps } from './numeric-text-input.tsx';

export type IntegerInputProps = Omit<NumericTextInputProps, 'decimals'>;

/**
 * A whole number kept as typed. Without bounds it takes the spec's 32-bit range, so "-" is allowed
 * unless `min` is zero or more; "+", "e", "E", "." and "," are never typed.
 */
export const IntegerInput = ({ min = INT32_MIN, max = INT32_MAX, ...props }: IntegerInputProps) => (
  <NumericTextInput {...props} integer min={min} max={max} />
);
