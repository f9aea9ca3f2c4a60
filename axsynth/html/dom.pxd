# Cython's augmenting declarations for dom.py, read only by the compiled build (setup.py,
# AXSYNTH_COMPILE=1): the node classes become extension types whose fields are C struct
# members, so compiled modules that cimport them read a field without a dictionary lookup.
# dom.py stays plain Python and the reference for the interpreted build. A field that holds
# either a list or the shared empty tuple (children), or any Node, stays ``object``: Cython
# checks the exact type of every assignment to a typed field.

cdef class Node:
    cdef public Node parent
    cdef public object children
    cdef public Py_ssize_t node_id


cdef class _Leaf(Node):
    pass


cdef class Text(_Leaf):
    cdef public str data


cdef class Comment(_Leaf):
    cdef public str data


cdef class Element(Node):
    cdef public str local_name
    cdef public str namespace
    cdef public dict attrs
    cdef public object shadow_root
    cdef object __weakref__


cdef class ShadowRoot(Node):
    cdef public Element host
    cdef public str mode
    cdef public dict id_map
    cdef public object reference_target


cdef class Document(Node):
    cdef public str url
    cdef public str encoding
    cdef public dict id_map
    cdef public object forms
    cdef public bint archived
