import { TextInput, type TextInputProps } from '@mantine/core';
import { checkIpAddress, messages } from '@rmm/domain';
import type { ReactNode } from 'react';
import { useTouchedError } from './use-touched-error.ts';

export type IpAddressInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'label'> & {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
};

const ipAddressMessage = (text: string, isRequired: boolean): string | undefined => {
  if (text.trim() === '') return isRequired ? messages.validation.mandatory : undefined;
  const result = checkIpAddress(text);
  return result.ok ? undefined : result.message;
};

/** An IPv4 or IPv6 address, checked when the user leaves the field. */
export const IpAddressInput = ({
  value,
  onChange,
  required = false,
  error,
  onBlur,
  ...rest
}: IpAddressInputProps) => {
  const { error: message, touch } = useTouchedError(ipAddressMessage(value, required));
  return (
    <TextInput
      {...rest}
      autoComplete="off"
      spellCheck={false}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        onBlur?.(event);
        touch();
      }}
      error={error ?? message}
    />
  );
};
