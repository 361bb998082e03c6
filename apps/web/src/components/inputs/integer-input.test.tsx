import { formatMessage, INT32_MAX, messages } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { IntegerInput, type IntegerInputProps } from './integer-input.tsx';

type HarnessProps = Partial<IntegerInputProps> & { initialValue?: string };

const Harness = ({ initialValue = '', onChange, ...props }: HarnessProps) => {
  const [value, setValue] = useState(initialValue);
  return (
    <IntegerInput
      label="Retries"
      value={value}
      onChange={(text) => {
        setValue(text);
        onChange?.(text);
      }}
      {...props}
    />
  );
};

const renderInput = (props: HarnessProps = {}) => {
  const view = renderWithProviders(<Harness {...props} />);
  return { ...view, input: screen.getByLabelText('Retries') };
};

describe('IntegerInput', () => {
  it('ignores + e E . and , as the user types', async () => {
    const { user, input } = renderInput({ min: 0 });
    await user.type(input, '1+2e3E4.5,6');
    expect(input).toHaveValue('123456');
  });

  it('blocks the minus key when min is zero or more', async () => {
    const { user, input } = renderInput({ min: 0 });
    await user.type(input, '-5');
    expect(input).toHaveValue('5');
  });

  it('blocks the minus key even when min is below zero, unless the field says it takes negatives', async () => {
    const { user, input } = renderInput({ min: -10 });
    await user.type(input, '-5');
    expect(input).toHaveValue('5');
  });

  it('allows the minus key in a field that takes negatives (allowNegative)', async () => {
    const { user, input } = renderInput({ min: -10, allowNegative: true });
    await user.type(input, '-5');
    expect(input).toHaveValue('-5');
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the value as the text typed', async () => {
    const onChange = vi.fn();
    const { user, input } = renderInput({ onChange });
    await user.type(input, '007');
    expect(onChange).toHaveBeenLastCalledWith('007');
    expect(input).toHaveValue('007');
  });

  it('shows a pasted 1e5 with the scientific-notation message instead of making it 100000', async () => {
    const { user, input } = renderInput({ min: 0 });
    await user.click(input);
    await user.paste('1e5');
    expect(input).toHaveValue('1e5');
    expect(input).toHaveAccessibleDescription(messages.numeric.scientificNotation);
  });

  it('strips spaces, signs and letters from pasted text', async () => {
    const { user, input } = renderInput({ min: 0 });
    await user.click(input);
    await user.paste(' 1 234 items\n');
    expect(input).toHaveValue('1234');
    expect(input).toHaveAccessibleDescription('');
  });

  it('names a pasted fraction rather than turning 1.5 into 15', async () => {
    const { user, input } = renderInput({ min: 0 });
    await user.click(input);
    await user.paste('1.5');
    expect(input).toHaveValue('1.5');
    expect(screen.getByText(messages.input.integer)).toBeVisible();
  });

  it('keeps a pasted minus sign so that the range message tells the user', async () => {
    const { user, input } = renderInput({ min: 0 });
    await user.click(input);
    await user.paste('-5');
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.greaterThanOrEqual, { min: 0 }));
  });

  it('shows the range messages with the bounds once the user leaves the field', async () => {
    const { user, input } = renderInput({ min: 1, max: 10 });
    await user.type(input, '11');
    expect(screen.queryByText(/Value must be/)).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.lessThanOrEqual, { max: 10 }));
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, '0');
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.greaterThanOrEqual, { min: 1 }));
    await user.type(input, '{Backspace}7');
    expect(input).toHaveAccessibleDescription('');
  });

  it('runs from 0 without bounds: a pasted negative is named by the range message', async () => {
    const { user, input } = renderInput();
    await user.click(input);
    await user.paste('-1');
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.greaterThanOrEqual, { min: 0 }));
  });

  it('takes the 32-bit range, minus sign included, in a field that takes negatives', async () => {
    const { user, input } = renderInput({ allowNegative: true });
    await user.type(input, '-1');
    expect(input).toHaveValue('-1');
    await user.clear(input);
    await user.type(input, String(INT32_MAX + 1));
    await user.tab();
    expect(
      screen.getByText(formatMessage(messages.numeric.lessThanOrEqual, { max: INT32_MAX })),
    ).toBeVisible();
  });

  it('accepts bounds up to 1e15 and writes them without an exponent', async () => {
    const { user, input } = renderInput({ min: 1, max: 1e15 });
    await user.type(input, '1000000000000001');
    await user.tab();
    expect(input).toHaveAccessibleDescription('Value must be less than or equal to 1000000000000000');
  });

  it('asks for a value when required and left empty, and stays quiet when optional', async () => {
    const { user } = renderWithProviders(
      <>
        <Harness label="Required" required />
        <Harness label="Optional" />
      </>,
    );
    await user.click(screen.getByLabelText('Required', { exact: false }));
    await user.tab();
    await user.tab();
    expect(screen.getByLabelText('Required', { exact: false })).toHaveAccessibleDescription(
      messages.validation.mandatory,
    );
    expect(screen.getByLabelText('Optional')).toHaveAccessibleDescription('');
  });

  it('shows an error given by the form instead of its own', async () => {
    const { user, input } = renderInput({ min: 0, max: 5, error: 'Already used by another policy' });
    await user.type(input, '9');
    await user.tab();
    expect(input).toHaveAccessibleDescription('Already used by another policy');
  });
});
