from enum import StrEnum


class GetNamespaceResponse200CapabilityType1Source(StrEnum):
    PARTNERS = "partners"

    def __str__(self) -> str:
        return str(self.value)
