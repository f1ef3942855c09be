-- 012: an inquiry may carry an estimate (POST /api/contact's optional `estimate`). The server prices the inputs again
-- with the price list of the day (shared/pricing.ts) and stores both: the checked inputs and its own result, as the
-- owner's mail, the desk and the CSV show them. A price sent by a browser is never stored.

-- The checked inputs { packageId, serviceLevel, guests, hours, zip, addOns, date? } (shared/schemas/estimate.ts) and
-- the server's estimate { lines, subtotalCents, taxCents, totalCents, deposit, balance, travel, bartenders }: both
-- set or both null (an inquiry sent without an estimate, and every inquiry stored before this).
ALTER TABLE contact_inquiries ADD COLUMN estimate_request jsonb;
ALTER TABLE contact_inquiries ADD COLUMN estimate jsonb;

-- The total is whole cents, never negative, and the lines a list. CASE rather than AND: SQL does not promise to
-- look at the type before it casts, and a missing key would read as NULL, which a CHECK lets through.
ALTER TABLE contact_inquiries ADD CONSTRAINT contact_inquiries_estimate_complete CHECK (
  (estimate_request IS NULL) = (estimate IS NULL)
  AND CASE
    WHEN estimate IS NULL THEN true
    WHEN jsonb_typeof(estimate_request) <> 'object' OR jsonb_typeof(estimate) <> 'object' THEN false
    WHEN COALESCE(jsonb_typeof(estimate -> 'lines'), '') <> 'array' THEN false
    WHEN COALESCE(jsonb_typeof(estimate -> 'totalCents'), '') <> 'number' THEN false
    ELSE (estimate ->> 'totalCents')::numeric >= 0
      AND (estimate ->> 'totalCents')::numeric = trunc((estimate ->> 'totalCents')::numeric)
  END
);
