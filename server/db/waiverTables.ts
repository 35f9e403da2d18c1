/** Liability waivers (migration 015). Part of `Database` (types.ts). */
export interface WaiverTables {
  /** A venue's waiver text; a new wording is a new version, so signed waivers keep the text they signed. */
  waivers: {
    id: number;
    version: number;
    /** Localized title and text: JSON { he, en, ru, ar, pl }. */
    title_json: string;
    text_json: string;
    /** The age from which a person signs for the children (years). */
    adult_min_age: number;
    created_at: number;
  };
  /** A signed waiver, one per order: what was signed, by whom, for which jumpers, when and from where. */
  order_waivers: {
    reservation_identifier: string;
    presentation_id: number;
    waiver_id: number;
    waiver_version: number;
    /** The language it was shown and signed in, and its title and text exactly as shown. */
    locale: string;
    title: string;
    text: string;
    adult_name: string;
    adult_id_number: string;
    /** yyyy-MM-dd */
    adult_date_of_birth: string;
    /** JSON [{ name, dateOfBirth, ticketId, ticketName }] */
    jumpers_json: string;
    /** The signature as drawn: a PNG data URL. */
    signature_png: string;
    signed_at: number;
    /** The address the signature came from (the request's client address). */
    signed_from: string;
    user_agent: string | null;
  };
}
