import { TextInput, type TextInputProps } from '@mantine/core';
import { checkDecimalText, type DecimalRule, isBlockedNumberKey } from '@rmm/domain';
import type { ClipboardEvent, KeyboardEvent, ReactNode } from 'react';
import { replaceSelection } from './replace-selection.ts';
import { useTouchedError } from './use-touched-error.ts';

export type NumericTextInputProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'min' | 'max' | 'type' | 'label'
> & {
  label: ReactNode;
  /** The text as typed, so that a price stays an exact decimal ("999999999999999.99"). */
  value: string;
  onChange: (text: string) => void;
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  /** Most decimal places allowed; no limit when left out. */
  decimals?: number;
  /**
   * The minus key is blocked in number fields (spec §5); a field that must take negatives says so
   * here, and is listed in docs/decisions.md.
   */
  allowNegative?: boolean;
};

const SCIENTIFIC_NOTATION = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;

/**
 * Drops what carries no meaning (spaces, currency signs, letters, "+") and keeps what changes the number
 * (sign, point, comma, exponent), so that the check names the problem instead of silently changing the value:
 * a pasted "1e5" must not become 100000, nor "-5" become 5, nor "1.5" become 15.
 */
export const cleanPastedNumber = (text: string): string => {
  const compact = text.replace(/\s+/g, '');
  return SCIENTIFIC_NOTATION.test(compact) ? compact : compact.replace(/[^\d.,-]/g, '');
};

/** The domain's message for the text, or none when it is valid (or empty and optional). */
export const numericMessage = (text: string, rule: DecimalRule, isRequired: boolean): string | undefined => {
  if (text.trim() === '' && !isRequired) return undefined;
  const result = checkDecimalText(text, rule);
  return result.ok ? undefined : result.message;
};

/** The shared body of IntegerInput, DecimalInput and PercentageInput. */
export const NumericTextInput = ({
  integer,
  value,
  onChange,
  min,
  max,
  minExclusive,
  maxExclusive,
  decimals,
  allowNegative = false,
  required = false,
  error,
  onBlur,
  onKeyDown,
  onPaste,
  ...rest
}: NumericTextInputProps & { integer: boolean }) => {
  const rule: DecimalRule = { integer, min, max, minExclusive, maxExclusive, decimals };
  const { error: message, touch } = useTouchedError(numericMessage(value, rule, required));
  const canBeNegative = allowNegative;

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const isShortcut = event.ctrlKey || event.metaKey || event.altKey;
    const isAllowedMinus = event.key === '-' && canBeNegative;
    if (!isShortcut && !isAllowedMinus && isBlockedNumberKey(event.key, { integer })) event.preventDefault();
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    event.preventDefault();
    const pasted = cleanPastedNumber(event.clipboardData.getData('text/plain'));
    onChange(replaceSelection(event.currentTarget, value, pasted));
    touch();
  };

  return (
    <TextInput
      {...rest}
      // Phone keypads for "numeric" have no minus key.
      inputMode={canBeNegative ? 'text' : integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      onBlur={(event) => {
        onBlur?.(event);
        touch();
      }}
      error={error ?? message}
    />
  );
};
