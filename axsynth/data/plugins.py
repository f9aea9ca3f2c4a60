"""Tables for HTMLPlugInElement::GetObjectContentType (what an <object> or <embed> shows)."""

#: net::GetWellKnownMimeTypeFromExtension (net/base/mime_util.cc, primary and
#: secondary mappings): the MIME type a plugin URL's extension implies when the
#: element has no type attribute. Only the types whose kind matters are listed;
#: an extension not here implies no type, which loads as a frame.
WELL_KNOWN_EXTENSION_TYPES = {
    **dict.fromkeys(("html", "htm", "shtml", "shtm"), "text/html"),
    **dict.fromkeys(("xhtml", "xht", "xhtm"), "application/xhtml+xml"),
    "xml": "text/xml",
    "css": "text/css",
    "js": "text/javascript",
    "mjs": "text/javascript",
    "json": "application/json",
    "txt": "text/plain",
    "text": "text/plain",
    **dict.fromkeys(("svg", "svgz"), "image/svg+xml"),
    "gif": "image/gif",
    **dict.fromkeys(("jpeg", "jpg", "jfif", "pjpeg", "pjp"), "image/jpeg"),
    "png": "image/png",
    "apng": "image/apng",
    "webp": "image/webp",
    "bmp": "image/bmp",
    "ico": "image/vnd.microsoft.icon",
    "avif": "image/avif",
    "xbm": "image/x-xbitmap",
    **dict.fromkeys(("tif", "tiff"), "image/tiff"),
    **dict.fromkeys(("swf", "swl"), "application/x-shockwave-flash"),
    "pdf": "application/pdf",
    **dict.fromkeys(("mp4", "m4v"), "video/mp4"),
    "webm": "video/webm",
    "mp3": "audio/mpeg",
    **dict.fromkeys(("ogg", "oga", "opus"), "audio/ogg"),
    "wav": "audio/wav",
    "zip": "application/zip",
}

#: Types a plugin of Chromium's own handles (the PDF viewer, in a frame of its own).
PLUGIN_TYPES = frozenset({"application/pdf", "text/pdf"})

#: blink::IsSupportedNonImageMimeType beyond text/*: documents a frame renders.
FRAME_TYPES = frozenset(
    {
        "application/xml",
        "application/xhtml+xml",
        "application/atom+xml",
        "application/rss+xml",
        "application/json",
        "image/svg+xml",
        "multipart/related",
        "message/rfc822",
        "application/javascript",
        "application/ecmascript",
        "application/x-javascript",
    }
)

#: blink's unsupported text types: text/* types no frame renders (downloads).
UNSUPPORTED_TEXT_TYPES = frozenset(
    {
        "text/calendar",
        "text/x-calendar",
        "text/x-vcalendar",
        "text/vcalendar",
        "text/vcard",
        "text/x-vcard",
        "text/directory",
        "text/ldif",
        "text/qif",
        "text/x-qif",
        "text/x-csv",
        "text/x-vcf",
        "text/rtf",
        "text/comma-separated-values",
        "text/csv",
        "text/tab-separated-values",
        "text/tsv",
        "text/ofx",
        "text/vnd.sun.j2me.app-descriptor",
    }
)

#: Hosts whose Flash embeds (/v/ID) Chrome rewrites to their HTML player (/embed/ID)
#: (ChromeContentRendererClient::OverrideFlashEmbedWithHTML).
YOUTUBE_HOSTS = ("youtube.com", "youtube-nocookie.com")
