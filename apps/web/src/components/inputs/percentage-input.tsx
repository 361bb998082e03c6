import { percentageRule } from '@rmm/domain';
import { NumericTextInput, type NumericTextInputProps } from './numeric-text-input.tsx';

export type PercentageInputProps = Omit<
  NumericTextInputProps,
  'min' | 'max' | 'minExclusive' | 'maxExclusive' | 'decimals'
>;

/** The spec's percentage rule: greater than 0, below 100, up to 4 decimals. */
export const PercentageInput = (props: PercentageInputProps) => (
  <NumericTextInput
    {...props}
    integer={false}
    min={percentageRule.min}
    max={percentageRule.max}
    minExclusive={percentageRule.minExclusive}
    maxExclusive={percentageRule.maxExclusive}
    decimals={percentageRule.decimals}
  />
);
