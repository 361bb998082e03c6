import { INT32_MAX, INT32_MIN } from '@rmm/domain';
import { NumericTextInput, type NumericTextInputProps } from './numeric-text-input.tsx';

export type IntegerInputProps = Omit<NumericTextInputProps, 'decimals'>;

/**
 * A whole number kept as typed, up to the spec's 32-bit range. "+", "-", "e", "E", "." and "," are never
 * typed (spec §5), so without bounds it runs from 0; a field that must take negatives says
 * `allowNegative` and then runs from the 32-bit minimum.
 */
export const IntegerInput = ({
  allowNegative = false,
  min,
  max = INT32_MAX,
  ...props
}: IntegerInputProps) => (
  <NumericTextInput
    {...props}
    integer
    allowNegative={allowNegative}
    min={min ?? (allowNegative ? INT32_MIN : 0)}
    max={max}
  />
);
