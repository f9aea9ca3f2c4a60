# Cython's augmenting declarations for axrecord.py (the .py stays plain Python): AXRecord as
# an extension type with C-typed fields (the functions are typed by the .py's annotations).
cdef class AXRecord:
    cdef public long node_id
    cdef public long role
    cdef public str name
    cdef public bint ignored
    cdef public AXRecord parent
    cdef public list children
    cdef public long depth
