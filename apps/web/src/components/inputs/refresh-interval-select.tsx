import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { REFRESH_INTERVALS_SECONDS } from '@rmm/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIntervalLabel } from '../../lib/format.ts';
import { inputStrings } from './input-strings.ts';
import { DEFAULT_REFRESH_INTERVAL, parseRefreshInterval, type RefreshInterval } from './refresh-interval.ts';

export type RefreshIntervalSelectProps = Omit<
  NativeSelectProps,
  'data' | 'value' | 'defaultValue' | 'onChange' | 'label'
> & {
  label: ReactNode;
  value?: RefreshInterval;
  /** 4 hours unless given. */
  defaultValue?: RefreshInterval;
  onChange?: (interval: RefreshInterval) => void;
};

/**
 * The §9 refresh intervals, 90 seconds to 1 day, and "Manual" for no automatic refresh. A native select:
 * a short fixed list, keyboard and touch friendly, and light enough for the dashboard's first load.
 */
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
    <NativeSelect
      {...rest}
      data={data}
      value={String(interval)}
      onChange={(event) => {
        const chosen = parseRefreshInterval(event.currentTarget.value);
        if (chosen !== undefined) setRefreshInterval(chosen);
      }}
    />
  );
};
