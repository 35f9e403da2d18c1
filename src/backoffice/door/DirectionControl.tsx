import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TOUCH_PX } from '../ui/touch.ts';

/** In or out, as one big two-way switch a thumb reaches. */
export function DirectionControl({
  value,
  onChange,
  size = 'lg',
}: {
  value: 'in' | 'out';
  onChange(direction: 'in' | 'out'): void;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      fullWidth
      size={size}
      radius="md"
      value={value}
      onChange={(v) => onChange(v === 'out' ? 'out' : 'in')}
      color={value === 'in' ? 'teal' : 'orange'}
      aria-label={t('door.direction.label')}
      data-testid="door-direction"
      data-direction={value}
      styles={{
        label: {
          minHeight: TOUCH_PX,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 700,
        },
      }}
      data={[
        { value: 'in', label: t('door.direction.in') },
        { value: 'out', label: t('door.direction.out') },
      ]}
    />
  );
}
