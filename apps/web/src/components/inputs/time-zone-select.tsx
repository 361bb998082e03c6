import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

let zones: string[] | undefined;

/** Every IANA zone the browser knows, UTC among them, sorted. */
export const timeZoneNames = (): string[] => {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return zones;
};

/** A searchable list of the IANA zones; a zone the browser does not list (an older schedule's) stays choosable. */
export const TimeZoneSelect = ({
  value,
  ...props
}: Omit<SelectProps, 'data' | 'value'> & { value: string }) => {
  const data = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(value) ? names : [value, ...names];
  }, [value]);
  return <Select searchable limit={100} allowDeselect={false} data={data} value={value} {...props} />;
};
