import { messages } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { IpAddressInput } from './ip-address-input.tsx';

const Harness = ({ isRequired = false }: { isRequired?: boolean }) => {
  const [value, setValue] = useState('');
  return <IpAddressInput label="Gateway" value={value} onChange={setValue} required={isRequired} />;
};

const renderInput = (isRequired = false) => {
  const view = renderWithProviders(<Harness isRequired={isRequired} />);
  return { ...view, input: screen.getByLabelText('Gateway', { exact: false }) };
};

describe('IpAddressInput', () => {
  it('says nothing while the address is being typed, and checks it on blur', async () => {
    const { user, input } = renderInput();
    await user.type(input, '192.168.1.300');
    expect(screen.queryByText(messages.input.ipAddress)).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.input.ipAddress);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the message as soon as the address is fixed', async () => {
    const { user, input } = renderInput();
    await user.type(input, '10.0.0.256');
    await user.tab();
    await user.type(input, '{Backspace}{Backspace}');
    expect(input).toHaveValue('10.0.0.2');
    expect(screen.queryByText(messages.input.ipAddress)).not.toBeInTheDocument();
  });

  it.each(['192.168.1.1', '2001:db8::1', '::1', 'fe80:0:0:0:204:61ff:fe9d:f156', '::ffff:192.0.2.1'])(
    'accepts %s',
    async (address) => {
      const { user, input } = renderInput();
      await user.type(input, address);
      await user.tab();
      expect(input).toHaveAccessibleDescription('');
    },
  );

  it.each(['10.0.0', 'server.local', '2001:db8:::1', '1.2.3.4.5'])('refuses %s', async (address) => {
    const { user, input } = renderInput();
    await user.type(input, address);
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.input.ipAddress);
  });

  it('asks for a value when required and left empty', async () => {
    const { user, input } = renderInput(true);
    await user.click(input);
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.validation.mandatory);
  });
});
