from enum import StrEnum


class ListNamespacesResponse200NamespacesItemType1Source(StrEnum):
    PARTNERS = "partners"

    def __str__(self) -> str:
        return str(self.value)
