import type { MessageTable } from '../../core/messages.js';

// Server messages of image upload (modules/files/routes.ts). In zh, en and es; apps/server/src/messages.ts installs
// them into core's lookup.

const zh = {
  onlyImages: '只能上传图片',
  imageTooLarge: '图片超出大小限制（{limit} KB）',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  onlyImages: 'Only images can be uploaded',
  imageTooLarge: 'The image exceeds the size limit ({limit} KB)',
};

const es: Record<Key, string> = {
  onlyImages: 'Solo se pueden subir imágenes',
  imageTooLarge: 'La imagen supera el límite de tamaño ({limit} KB)',
};

export const filesMessages: MessageTable<Key> = { zh, en, es };

declare module '../../core/messages.js' {
  interface FeatureMessages {
    files: Key;
  }
}
