-- Written by hand (drizzle-kit generate --custom): drizzle-kit cannot express a change of
-- the JSON inside a column. A generation's params are now the v1 request it sent, in the
-- contract's words, without the links (server/studio/generations/<workflow>/*-request.ts);
-- rows stored before kept the studio's camelCase words. Each update rewrites only rows
-- still in the old shape, so nothing is lost and running again changes nothing.
UPDATE "studio"."generations" SET "params" = jsonb_strip_nulls(jsonb_build_object(
  'redesign_type', "params"->'redesignType', 'room_type', "params"->'roomType', 'style', "params"->'style', 'color', "params"->'color',
  'intensity', "params"->'intensity', 'fast', "params"->'fast', 'seed', "params"->'seed'))
WHERE "kind" = 'staging' AND "params" ? 'redesignType';--> statement-breakpoint
UPDATE "studio"."generations" SET "params" = jsonb_strip_nulls(jsonb_build_object(
  'room_type', "params"->'roomType', 'style', "params"->'style', 'color', "params"->'color', 'intensity', "params"->'intensity',
  'photoIds', "params"->'photoIds', 'siblingCost', "params"->'siblingCost'))
WHERE "kind" = 'multiview' AND "params" ? 'roomType';--> statement-breakpoint
UPDATE "studio"."generations" SET "params" = jsonb_strip_nulls(jsonb_build_object(
  'inpainting_type', "params"->'inpaintingType', 'render_type', "params"->'renderType', 'room_type', "params"->'roomType', 'style', "params"->'style',
  'maskKey', "params"->'maskKey'))
WHERE "kind" = 'inpaint_upscale' AND "params" ? 'inpaintingType';--> statement-breakpoint
UPDATE "studio"."generations" SET "params" = jsonb_build_object(
  'mode', "params"->'mode', 'duration', 5, 'image', "params"->'image', 'tailImage', coalesce("params"->'tailImage', 'null'::jsonb))
WHERE "kind" = 'video' AND NOT "params" ? 'duration';--> statement-breakpoint
-- Descriptions: the request's property_data as the studio sends it (no internal "draft" status, prices in USD).
UPDATE "studio"."generations" SET "params" = jsonb_build_object(
  'photoIds', "params"->'photoIds',
  'property_data', jsonb_strip_nulls(jsonb_build_object(
    'address', to_jsonb(nullif("params"->'property'->>'address', '')),
    'property_type', "params"->'property'->'propertyType',
    'listing_status', CASE WHEN coalesce("params"->'property'->>'listingStatus', '') IN ('', 'draft') THEN NULL ELSE "params"->'property'->'listingStatus' END,
    'listing_type', to_jsonb(nullif("params"->'property'->>'listingType', '')),
    'price', "params"->'property'->'price',
    'currency', CASE WHEN jsonb_typeof("params"->'property'->'price') = 'number' THEN to_jsonb('USD'::text) END,
    'bedrooms', "params"->'property'->'bedrooms',
    'bathrooms', "params"->'property'->'bathrooms',
    'highlights', CASE WHEN jsonb_array_length(coalesce("params"->'property'->'highlights', '[]'::jsonb)) > 0 THEN "params"->'property'->'highlights' END)),
  'generation_settings', jsonb_build_object('tone', "params"->'tone', 'length', "params"->'length', 'language', "params"->'language'))
WHERE "kind" = 'description' AND "params" ? 'property';
