from enum import StrEnum


class ListNamespacesResponse200NamespacesItemType0Source(StrEnum):
    NATIVE = "native"

    def __str__(self) -> str:
        return str(self.value)
