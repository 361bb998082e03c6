import { TextInput, type TextInputProps } from '@mantine/core';
import { checkMfaCode, MFA_CODE_LENGTH, stripNonDigits } from '@rmm/domain';
import type { ReactNode } from 'react';
import { useTouchedError } from './use-touched-error.ts';

export type MfaCodeInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'label'> & {
  label: ReactNode;
  value: string;
  onChange: (code: string) => void;
  /** Called once the sixth digit is typed or pasted. */
  onComplete?: (code: string) => void;
};

const mfaCodeMessage = (code: string, isRequired: boolean): string | undefined => {
  if (code === '' && !isRequired) return undefined;
  const result = checkMfaCode(code);
  return result.ok ? undefined : result.message;
};

/** The 6-digit MFA code: digits only, checked when the user leaves the field. */
export const MfaCodeInput = ({
  value,
  onChange,
  onComplete,
  required = false,
  error,
  onBlur,
  ...rest
}: MfaCodeInputProps) => {
  const { error: message, touch } = useTouchedError(mfaCodeMessage(value, required));
  return (
    <TextInput
      {...rest}
      // No maxLength: a pasted "123 456" must keep its six digits once the space is stripped.
      inputMode="numeric"
      autoComplete="one-time-code"
      required={required}
      value={value}
      onChange={(event) => {
        const code = stripNonDigits(event.currentTarget.value).slice(0, MFA_CODE_LENGTH);
        onChange(code);
        if (code.length === MFA_CODE_LENGTH && code !== value) onComplete?.(code);
      }}
      onBlur={(event) => {
        onBlur?.(event);
        touch();
      }}
      error={error ?? message}
    />
  );
};
