"""Reads an index store (what `swift build --enable-index-store` writes) through the toolchain's
libIndexStore: every symbol occurrence of the units whose main file is one of ours."""

from __future__ import annotations

import ctypes
import os
import shutil
from ctypes import POINTER, CFUNCTYPE, Structure, c_bool, c_char_p, c_size_t, c_uint, c_uint64, c_void_p
from dataclasses import dataclass

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2


class _StringRef(Structure):
    _fields_ = [("data", c_void_p), ("length", c_size_t)]

    def text(self) -> str:
        return ctypes.string_at(self.data, self.length).decode() if self.length else ""


@dataclass(frozen=True)
class Occurrence:
    path: str
    line: int
    col: int
    roles: int
    usr: str
    name: str


def find_library() -> str:
    swiftc = shutil.which("swiftc")
    candidates = []
    if swiftc:
        toolchain = os.path.dirname(os.path.dirname(os.path.realpath(swiftc)))
        candidates.append(os.path.join(toolchain, "lib", "libIndexStore.so"))
        candidates.append(os.path.join(toolchain, "lib", "libIndexStore.dylib"))
    for c in candidates:
        if os.path.exists(c):
            return c
    raise FileNotFoundError("libIndexStore not found next to swiftc (looked in: " + ", ".join(candidates) + ")")


class IndexStore:
    def __init__(self, store_path: str, library: str | None = None):
        lib = ctypes.CDLL(library or find_library())

        def fn(name, restype, *argtypes):
            f = getattr(lib, name)
            f.restype = restype
            f.argtypes = list(argtypes)
            return f

        self._dep_cb = CFUNCTYPE(c_bool, c_void_p, c_void_p)
        self._occ_cb = CFUNCTYPE(c_bool, c_void_p, c_void_p)
        self._store_create = fn("indexstore_store_create", c_void_p, c_char_p, POINTER(c_void_p))
        self._error_text = fn("indexstore_error_get_description", c_char_p, c_void_p)
        self._unit_create = fn("indexstore_unit_reader_create", c_void_p, c_void_p, c_char_p, POINTER(c_void_p))
        self._unit_dispose = fn("indexstore_unit_reader_dispose", None, c_void_p)
        self._unit_main = fn("indexstore_unit_reader_get_main_file", _StringRef, c_void_p)
        self._unit_module = fn("indexstore_unit_reader_get_module_name", _StringRef, c_void_p)
        self._unit_deps = fn("indexstore_unit_reader_dependencies_apply_f", c_bool, c_void_p, c_void_p, self._dep_cb)
        self._dep_kind = fn("indexstore_unit_dependency_get_kind", ctypes.c_int, c_void_p)
        self._dep_name = fn("indexstore_unit_dependency_get_name", _StringRef, c_void_p)
        self._dep_path = fn("indexstore_unit_dependency_get_filepath", _StringRef, c_void_p)
        self._record_create = fn("indexstore_record_reader_create", c_void_p, c_void_p, c_char_p, POINTER(c_void_p))
        self._record_dispose = fn("indexstore_record_reader_dispose", None, c_void_p)
        self._occurrences = fn("indexstore_record_reader_occurrences_apply_f", c_bool, c_void_p, c_void_p,
                               self._occ_cb)
        self._occ_symbol = fn("indexstore_occurrence_get_symbol", c_void_p, c_void_p)
        self._occ_roles = fn("indexstore_occurrence_get_roles", c_uint64, c_void_p)
        self._occ_line_col = fn("indexstore_occurrence_get_line_col", None, c_void_p, POINTER(c_uint), POINTER(c_uint))
        self._sym_usr = fn("indexstore_symbol_get_usr", _StringRef, c_void_p)
        self._sym_name = fn("indexstore_symbol_get_name", _StringRef, c_void_p)
        self.path = store_path
        error = c_void_p()
        self._store = self._store_create(store_path.encode(), ctypes.byref(error))
        if not self._store:
            raise OSError(f"cannot open the index store at {store_path}: "
                          + (self._error_text(error) or b"").decode())

    def occurrences(self, wanted_files: set[str]) -> list[Occurrence]:
        """Occurrences in the records of units whose main file is in wanted_files (real paths). Each
        record is read once, whatever number of units (debug, test, index-while-building) name it."""
        units_dir = os.path.join(self.path, "v5", "units")
        # A file rebuilt leaves its older units behind: only the newest unit of each file counts.
        newest: dict[str, tuple[float, list[str]]] = {}
        for unit in sorted(os.listdir(units_dir)):
            error = c_void_p()
            reader = self._unit_create(self._store, unit.encode(), ctypes.byref(error))
            if not reader:
                continue
            main = os.path.realpath(self._unit_main(reader).text())
            if main in wanted_files:
                found: list[tuple[str, str]] = []

                def on_dependency(_ctx, dep):
                    if self._dep_kind(dep) == 2:  # record
                        found.append((self._dep_name(dep).text(), self._dep_path(dep).text()))
                    return True

                self._unit_deps(reader, None, self._dep_cb(on_dependency))
                mtime = os.stat(os.path.join(units_dir, unit)).st_mtime
                names = [name for name, path in found if os.path.realpath(path) == main]
                if main not in newest or newest[main][0] < mtime:
                    newest[main] = (mtime, names)
            self._unit_dispose(reader)
        records = {name: main for main, (_, names) in newest.items() for name in names}
        result: list[Occurrence] = []
        for name, path in sorted(records.items()):
            error = c_void_p()
            reader = self._record_create(self._store, name.encode(), ctypes.byref(error))
            if not reader:
                continue

            def on_occurrence(_ctx, occurrence, path=path):
                symbol = self._occ_symbol(occurrence)
                line, col = c_uint(), c_uint()
                self._occ_line_col(occurrence, ctypes.byref(line), ctypes.byref(col))
                result.append(Occurrence(path, line.value, col.value, self._occ_roles(occurrence),
                                         self._sym_usr(symbol).text(), self._sym_name(symbol).text()))
                return True

            self._occurrences(reader, None, self._occ_cb(on_occurrence))
            self._record_dispose(reader)
        return result
