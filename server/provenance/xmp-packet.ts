/**
 * The XMP packet of a provenance record. Standard properties where one exists
 * (Iptc4xmpExt:DigitalSourceType, xmp:CreateDate/CreatorTool, xmpMM:DerivedFrom for the
 * source hash, dc:source for the share page), and Atrium's namespace for the rest, so
 * any XMP reader (exiftool, Photoshop, exifreader) shows them.
 */
import "server-only";
import { digitalSourceTypeUri } from "./digital-source-type";
import type { ProvenanceRecord } from "./provenance-record";

export const ATRIUM_XMP_NAMESPACE = "https://atrium.app/ns/provenance/1.0/";

function attr(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function xmpPacket(record: ProvenanceRecord): string {
  const when = record.createdAt.toISOString();
  const share = record.shareUrl ? `\n    <dc:source>${attr(record.shareUrl)}</dc:source>` : "";
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
    atrium:SourceSHA256="${record.sourceSha256}"${record.shareUrl ? `\n    atrium:SharePage="${attr(record.shareUrl)}"` : ""}>
    <xmpMM:DerivedFrom rdf:parseType="Resource">
     <stRef:documentID>sha256:${record.sourceSha256}</stRef:documentID>
    </xmpMM:DerivedFrom>${share}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
