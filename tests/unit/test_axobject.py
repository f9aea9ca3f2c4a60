"""AXObject derives its DOM facts (element, tag) once, from its kind and node."""

from axsynth import Document
from axsynth.html.dom import HTML_NS, Element

UA_SHADOW_PAGE = (
    "<input type=date value=2024-01-02><input type=color><input type=search placeholder=s>"
    "<input list=l><datalist id=l><option>x</datalist><textarea>t</textarea><meter value=1></meter>"
    "<select><optgroup label=g><option>a</optgroup></select><select size=3><option>b</select>"
    "<input type=image alt=i><p>p<svg><circle/></svg></p>"
)


def test_element_and_tag_agree_with_kind_and_node_for_every_object():
    tree = Document.from_html(UA_SHADOW_PAGE).tree
    kinds = set()
    for obj in tree.objects:
        kinds.add(obj.kind)
        element = obj.node if obj.kind == "element" and isinstance(obj.node, Element) else None
        assert obj.element is element, obj
        assert obj.tag() == (element.local_name if element is not None and element.namespace == HTML_NS else "")
    assert {"ua-block", "ua-box", "ua-slot", "inner-editor", "ua-placeholder"} <= kinds
