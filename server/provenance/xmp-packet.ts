/**
 * The XMP packet of a provenance record. Standard properties where one exists
 * (Iptc4xmpExt:DigitalSourceType, xmp:CreateDate/CreatorTool, xmpMM:DerivedFrom for the
 * source hash, dc:source for the share page, Iptc4xmpExt:ImageRegion for the areas kept
 * from the source), and Atrium's namespace for the rest, so any XMP reader (exiftool,
 * Photoshop, exifreader) shows them.
 */
import "server-only";
import { placeOf } from "@/server/images/kept-areas";
import { digitalSourceTypeUri } from "./digital-source-type";
import type { ProvenanceRecord } from "./provenance-record";

export const ATRIUM_XMP_NAMESPACE = "https://atrium.app/ns/provenance/1.0/";

function attr(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The plain sentence of what was kept, also an attribute of its own for readers that do not show image regions. */
export function keptSummary(record: Pick<ProvenanceRecord, "keptAreas">): string | null {
  const areas = record.keptAreas;
  if (areas.length === 0) return null;
  const share = Math.max(1, Math.round(areas.reduce((sum, area) => sum + area.share, 0) * 100));
  return `${areas.length === 1 ? "1 area" : `${areas.length} areas`} (${share} % of the image) kept exactly from the original photo: ${areas.map(placeOf).join("; ")}`;
}

/**
 * The kept areas as IPTC image regions (IPTC Photo Metadata 2019.1): a rectangle in
 * units relative to the image, named "Kept from the original photo".
 */
function keptRegionsXml(record: ProvenanceRecord): string {
  if (record.keptAreas.length === 0) return "";
  const items = record.keptAreas.map(
    (area) => `
      <rdf:li rdf:parseType="Resource">
       <Iptc4xmpExt:RegionBoundary rdf:parseType="Resource">
        <Iptc4xmpExt:rbShape>rectangle</Iptc4xmpExt:rbShape>
        <Iptc4xmpExt:rbUnit>relative</Iptc4xmpExt:rbUnit>
        <Iptc4xmpExt:rbX>${area.x}</Iptc4xmpExt:rbX>
        <Iptc4xmpExt:rbY>${area.y}</Iptc4xmpExt:rbY>
        <Iptc4xmpExt:rbW>${area.width}</Iptc4xmpExt:rbW>
        <Iptc4xmpExt:rbH>${area.height}</Iptc4xmpExt:rbH>
       </Iptc4xmpExt:RegionBoundary>
       <Iptc4xmpExt:Name><rdf:Alt><rdf:li xml:lang="x-default">${KEPT_REGION_NAME}</rdf:li></rdf:Alt></Iptc4xmpExt:Name>
      </rdf:li>`,
  );
  return `
    <Iptc4xmpExt:ImageRegion>
     <rdf:Bag>${items.join("")}
     </rdf:Bag>
    </Iptc4xmpExt:ImageRegion>`;
}

export const KEPT_REGION_NAME = "Kept from the original photo";

export function xmpPacket(record: ProvenanceRecord): string {
  const when = record.createdAt.toISOString();
  const share = record.shareUrl ? `\n    <dc:source>${attr(record.shareUrl)}</dc:source>` : "";
  const kept = keptSummary(record);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:stRef="http://ns.adobe.com/xap/1.0/sType/ResourceRef#"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:atrium="${ATRIUM_XMP_NAMESPACE}"
    Iptc4xmpExt:DigitalSourceType="${digitalSourceTypeUri(record.digitalSourceType)}"
    xmp:CreateDate="${when}"
    xmp:CreatorTool="Atrium"
    atrium:Operation="${attr(record.operation)}"
    atrium:Provider="${attr(record.provider)}"
    atrium:Model="${attr(record.model)}"
    atrium:SourceSHA256="${record.sourceSha256}"${record.shareUrl ? `\n    atrium:SharePage="${attr(record.shareUrl)}"` : ""}${kept ? `\n    atrium:KeptFromOriginal="${attr(kept)}"` : ""}>
    <xmpMM:DerivedFrom rdf:parseType="Resource">
     <stRef:documentID>sha256:${record.sourceSha256}</stRef:documentID>
    </xmpMM:DerivedFrom>${share}${keptRegionsXml(record)}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
