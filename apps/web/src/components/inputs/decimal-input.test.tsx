import { formatMessage, MAX_PRODUCT_PRICE, messages, PRICE_DECIMALS } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DecimalInput, type DecimalInputProps } from './decimal-input.tsx';

const Harness = ({ onChange, ...props }: Partial<DecimalInputProps>) => {
  const [value, setValue] = useState('');
  return (
    <DecimalInput
      label="Price"
      value={value}
      onChange={(text) => {
        setValue(text);
        onChange?.(text);
      }}
      {...props}
    />
  );
};

const renderInput = (props: Partial<DecimalInputProps> = {}) => {
  const view = renderWithProviders(<Harness {...props} />);
  return { ...view, input: screen.getByLabelText('Price') };
};

const priceProps = { min: 0, max: MAX_PRODUCT_PRICE, decimals: PRICE_DECIMALS };

describe('DecimalInput', () => {
  it('ignores + e E and - (min 0) but lets the decimal point through', async () => {
    const { user, input } = renderInput(priceProps);
    await user.type(input, '-1+2e.E5');
    expect(input).toHaveValue('12.5');
  });

  it('blocks the minus key even when min is below zero (spec §5)', async () => {
    const { user, input } = renderInput({ min: -10 });
    await user.type(input, '-3.5');
    expect(input).toHaveValue('3.5');
  });

  it('allows the minus key in a field that takes negatives (allowNegative)', async () => {
    const { user, input } = renderInput({ min: -10, allowNegative: true });
    await user.type(input, '-3.5');
    expect(input).toHaveValue('-3.5');
  });

  it('keeps a price as an exact decimal string', async () => {
    const onChange = vi.fn();
    const { user, input } = renderInput({ ...priceProps, onChange });
    await user.type(input, '999999999999999.99');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('999999999999999.99');
    expect(input).toHaveAccessibleDescription('');
  });

  it('shows the decimal-places message with the limit filled in', async () => {
    const { user, input } = renderInput(priceProps);
    await user.type(input, '12.345');
    await user.tab();
    expect(screen.getByText(formatMessage(messages.numeric.maxDecimals, { n: 2 }))).toBeVisible();
    expect(input).toHaveAccessibleDescription('Can contain up to 2 decimal places');
  });

  it('asks for one integer when only a point is typed', async () => {
    const { user, input } = renderInput(priceProps);
    await user.type(input, '.');
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.numeric.oneInteger);
  });

  it('calls a comma Invalid rather than guessing what it means', async () => {
    const { user, input } = renderInput(priceProps);
    await user.type(input, '1,5');
    await user.tab();
    expect(input).toHaveValue('1,5');
    expect(input).toHaveAccessibleDescription(messages.numeric.invalid);
  });

  it('refuses pasted scientific notation, whatever its case and sign', async () => {
    const { user, input } = renderInput(priceProps);
    await user.click(input);
    await user.paste('1.5E-3');
    expect(input).toHaveValue('1.5E-3');
    expect(input).toHaveAccessibleDescription(messages.numeric.scientificNotation);
  });

  it('strips a currency sign and spaces from a pasted price', async () => {
    const { user, input } = renderInput(priceProps);
    await user.click(input);
    await user.paste('$ 42.50 ');
    expect(input).toHaveValue('42.50');
    expect(input).toHaveAccessibleDescription('');
  });

  it('pastes over the selected text', async () => {
    const { user, input } = renderInput(priceProps);
    await user.type(input, '12.99');
    await user.tripleClick(input);
    await user.paste('7');
    expect(input).toHaveValue('7');
  });

  it('shows the exclusive bound messages', async () => {
    const { user, input } = renderInput({ min: 0, minExclusive: true, max: 10, maxExclusive: true });
    await user.type(input, '0');
    await user.tab();
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.greaterThan, { min: 0 }));
    await user.clear(input);
    await user.type(input, '10');
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.lessThan, { max: 10 }));
  });
});
