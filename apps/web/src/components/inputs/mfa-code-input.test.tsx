import { messages } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { MfaCodeInput } from './mfa-code-input.tsx';

const Harness = ({
  onComplete,
  isRequired = true,
}: {
  onComplete?: (code: string) => void;
  isRequired?: boolean;
}) => {
  const [value, setValue] = useState('');
  return (
    <MfaCodeInput
      label="Verification code"
      value={value}
      onChange={setValue}
      onComplete={onComplete}
      required={isRequired}
    />
  );
};

const renderInput = (onComplete = vi.fn(), isRequired = true) => {
  const view = renderWithProviders(<Harness onComplete={onComplete} isRequired={isRequired} />);
  return { ...view, onComplete, input: screen.getByLabelText('Verification code', { exact: false }) };
};

describe('MfaCodeInput', () => {
  it('opens the numeric keypad and offers one-time codes', () => {
    const { input } = renderInput();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('keeps digits only and reports the code once the sixth digit is typed', async () => {
    const { user, input, onComplete } = renderInput();
    await user.type(input, '12a3-45');
    expect(input).toHaveValue('12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.type(input, '6');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('ignores a seventh digit', async () => {
    const { user, input, onComplete } = renderInput();
    await user.type(input, '1234567');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('completes on a pasted code with a space in it', async () => {
    const { user, input, onComplete } = renderInput();
    await user.click(input);
    await user.paste('123 456');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('asks for the whole code when the user leaves it short', async () => {
    const { user, input } = renderInput();
    await user.type(input, '123');
    expect(screen.queryByText(messages.mfa.invalidCode)).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.mfa.invalidCode);
    await user.type(input, '456');
    expect(input).toHaveAccessibleDescription('');
  });

  it('asks for a value when required and left empty, and not when optional', async () => {
    const { user, input } = renderInput();
    await user.click(input);
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.validation.mandatory);
  });

  it('says nothing about an empty optional field', async () => {
    const { user, input } = renderInput(vi.fn(), false);
    await user.click(input);
    await user.tab();
    expect(input).toHaveAccessibleDescription('');
  });
});
