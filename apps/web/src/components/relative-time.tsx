import { Text, type TextProps } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';

dayjs.extend(relativeTime);

/** "5 minutes ago", with the exact time on hover; `never` when there is no time. */
export const RelativeTime = ({ value, ...props }: { value: string | null } & TextProps) => {
  const { t } = useTranslation();
  if (!value) {
    return (
      <Text span c="dimmed" {...props}>
        {t('common.never')}
      </Text>
    );
  }
  const time = dayjs(value);
  return (
    <Text
      span
      component="time"
      dateTime={time.toISOString()}
      title={time.format('YYYY-MM-DD HH:mm:ss')}
      {...props}
    >
      {time.fromNow()}
    </Text>
  );
};
