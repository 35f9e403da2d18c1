import type { LocalizedText } from '../../src/api/contract/common.ts';

/**
 * The demo sections' names in every language, by the name the plan gives them (numbered arena sections
 * need none): the demo plans carry them (seatplans.ts, jumpPark.ts), and migration 024 gives them to the
 * demo plans a database stored before they did.
 */
export const DEMO_SECTION_NAMES: Record<string, LocalizedText> = {
  Hall: { he: 'אולם', en: 'Hall', ru: 'Зал', ar: 'القاعة', pl: 'Sala' },
  Stalls: { he: 'אולם', en: 'Stalls', ru: 'Партер', ar: 'الصالة', pl: 'Parter' },
  Balcony: { he: 'יציע', en: 'Balcony', ru: 'Балкон', ar: 'الشرفة', pl: 'Balkon' },
  'Balcony 1': { he: 'יציע 1', en: 'Balcony 1', ru: 'Балкон 1', ar: 'الشرفة 1', pl: 'Balkon 1' },
  'Balcony 2': { he: 'יציע 2', en: 'Balcony 2', ru: 'Балкон 2', ar: 'الشرفة 2', pl: 'Balkon 2' },
  Parterre: { he: 'פרטר', en: 'Parterre', ru: 'Партер', ar: 'الصالة الأرضية', pl: 'Parter' },
  'Left terrace': {
    he: 'טרסה שמאלית',
    en: 'Left terrace',
    ru: 'Левая терраса',
    ar: 'المدرج الأيسر',
    pl: 'Taras lewy',
  },
  'Right terrace': {
    he: 'טרסה ימנית',
    en: 'Right terrace',
    ru: 'Правая терраса',
    ar: 'المدرج الأيمن',
    pl: 'Taras prawy',
  },
  Choir: { he: 'יציע המקהלה', en: 'Choir', ru: 'Хоры', ar: 'مقاعد الجوقة', pl: 'Chór' },
  Standing: { he: 'עמידה', en: 'Standing', ru: 'Стоячие места', ar: 'وقوف', pl: 'Miejsca stojące' },
  Trampolines: { he: 'טרמפולינות', en: 'Trampolines', ru: 'Батуты', ar: 'الترامبولين', pl: 'Trampoliny' },
};
