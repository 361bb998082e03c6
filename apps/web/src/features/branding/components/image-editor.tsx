import { Box, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import type { CropArea } from '../image-resize.ts';

const aspects = { '4:1': 4, '3:1': 3, '2:1': 2, '1:1': 1 } as const;
type Aspect = keyof typeof aspects;

/** The crop of the chosen image: drag to move, zoom with the slider or the wheel; a logo's usual shapes. */
export const ImageEditor = ({ source, onCrop }: { source: string; onCrop: (area: CropArea) => void }) => {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [aspect, setAspect] = useState<Aspect>('4:1');
  return (
    <Stack gap="sm">
      <Box
        pos="relative"
        h={320}
        bg="dark.6"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={aspects[aspect]}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onCrop(pixels)}
        />
      </Box>
      <Group grow align="flex-end">
        <div>
          <Text size="sm" id="logo-zoom">
            {t('branding.editor.zoom')}
          </Text>
          <Slider
            aria-labelledby="logo-zoom"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={(value) => `${value.toFixed(2)}×`}
          />
        </div>
        <SegmentedControl
          aria-label="Aspect ratio"
          data={Object.keys(aspects)}
          value={aspect}
          onChange={(value) => setAspect(value as Aspect)}
        />
      </Group>
    </Stack>
  );
};
