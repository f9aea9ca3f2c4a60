# Cython's augmenting declarations for object.py, read only by the compiled build (setup.py,
# AXSYNTH_COMPILE=1): AXObject becomes an extension type with C fields (flags as C ints),
# read at C speed by the compiled modules that cimport it. object.py stays plain Python and
# the reference for the interpreted build. Fields that hold a list or the shared empty
# tuple, a node of any kind or a style mapping stay ``object`` (Cython checks the exact type
# of every assignment to a typed field). The small per-object tests are cpdef: a typed
# caller calls them in C, Python callers as before.

from axsynth.html.dom cimport Element


cdef class AXObject:
    cdef public str kind
    cdef public object node
    cdef public object style
    cdef public AXObject parent
    cdef public object children
    cdef public str role
    cdef public bint ignored
    cdef public tuple reasons
    cdef public bint included
    cdef public str text
    cdef public bint has_layout
    cdef public AXObject aria_hidden_root
    cdef public AXObject inert_root
    cdef public bint hidden_via_style
    cdef public AXObject owned_by
    cdef public tuple tree_children
    cdef public object node_id
    cdef public bint used_for_label
    cdef public str pseudo_which
    cdef public object host
    cdef public str rendered_text
    cdef public bint in_ua_shadow
    cdef public Element element
    cdef public str _tag
    cdef public bint has_clearfix_box
    cdef public bint has_out_of_flow_empty_box
    cdef public bint collapsed_away
    cdef public bint is_counter_text

    cpdef str tag(self)
    cpdef attr(self, str name)
    cpdef bint has_attr(self, str name)
    cpdef bint is_svg(self)
    cpdef bint is_replaced(self)
    cpdef bint is_svg_content(self)
    cpdef bint is_layout_inline(self)
    cpdef bint is_atomic_inline(self)
    cpdef bint is_inline_level(self)
    cpdef bint is_block_flow(self)
    cpdef bint is_out_of_flow(self)
    cpdef bint hidden_via_style_subtree(self)
    cpdef bint is_visible_box(self)
    cpdef list unignored_children(self)
