import { Select, type SelectProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { REFRESH_INTERVALS_SECONDS } from '@rmm/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIntervalLabel } from '../../lib/format.ts';
import { inputStrings } from './input-strings.ts';
import { DEFAULT_REFRESH_INTERVAL, parseRefreshInterval, type RefreshInterval } from './refresh-interval.ts';

export type RefreshIntervalSelectProps = Omit<
  SelectProps,
  'data' | 'value' | 'defaultValue' | 'onChange' | 'label' | 'allowDeselect'
> & {
  label: ReactNode;
  value?: RefreshInterval;
  /** 4 hours unless given. */
  defaultValue?: RefreshInterval;
  onChange?: (interval: RefreshInterval) => void;
};

/** The §9 refresh intervals, 90 seconds to 1 day, and "Manual" for no automatic refresh. */
export const RefreshIntervalSelect = ({
  value,
  defaultValue,
  onChange,
  ...rest
}: RefreshIntervalSelectProps) => {
  const { t, i18n } = useTranslation();
  const [interval, setRefreshInterval] = useUncontrolled<RefreshInterval>({
    value,
    defaultValue,
    finalValue: DEFAULT_REFRESH_INTERVAL,
    onChange,
  });
  const data = [
    ...REFRESH_INTERVALS_SECONDS.map((seconds) => ({
      value: String(seconds),
      label: formatIntervalLabel(seconds, i18n.language),
    })),
    {
      value: 'manual',
      label: t('inputs.refreshInterval.manual', {
        defaultValue: inputStrings['inputs.refreshInterval.manual'],
      }),
    },
  ];
  return (
    <Select
      {...rest}
      data={data}
      value={String(interval)}
      allowDeselect={false}
      onChange={(option) => {
        const chosen = option === null ? undefined : parseRefreshInterval(option);
        if (chosen !== undefined) setRefreshInterval(chosen);
      }}
    />
  );
};
