import { formatMessage, messages, PERCENTAGE_DECIMALS } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PercentageInput } from './percentage-input.tsx';

const Harness = () => {
  const [value, setValue] = useState('');
  return <PercentageInput label="Discount" value={value} onChange={setValue} />;
};

const typeAndLeave = async (text: string) => {
  const { user } = renderWithProviders(<Harness />);
  const input = screen.getByLabelText('Discount');
  await user.type(input, text);
  await user.tab();
  return input;
};

describe('PercentageInput', () => {
  it('accepts a value between 0 and 100 with up to 4 decimals', async () => {
    const input = await typeAndLeave('99.9999');
    expect(input).toHaveValue('99.9999');
    expect(input).toHaveAccessibleDescription('');
  });

  it('refuses 0', async () => {
    const input = await typeAndLeave('0');
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.greaterThan, { min: 0 }));
  });

  it('refuses 100', async () => {
    const input = await typeAndLeave('100');
    expect(input).toHaveAccessibleDescription(formatMessage(messages.numeric.lessThan, { max: 100 }));
  });

  it('refuses a fifth decimal', async () => {
    const input = await typeAndLeave('12.34567');
    expect(input).toHaveAccessibleDescription(
      formatMessage(messages.numeric.maxDecimals, { n: PERCENTAGE_DECIMALS }),
    );
  });

  it('cannot be typed negative', async () => {
    const input = await typeAndLeave('-5');
    expect(input).toHaveValue('5');
  });
});
