/** The shop's texts on the server moved to server/services/localeTexts.ts (the order e-mails use them too). */
export { localeTexts } from '../../services/localeTexts.ts';
