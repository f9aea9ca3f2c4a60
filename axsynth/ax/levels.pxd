# Augmenting declarations for the compiled build (setup.py): the cimports make the .py's own
# annotations (obj: AXObject, el: Element) C types, so fields are read from the struct.
from axsynth.ax.object cimport AXObject
from axsynth.html.dom cimport Element
