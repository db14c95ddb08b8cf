from enum import StrEnum


class GetNamespaceResponse200CapabilityType0Source(StrEnum):
    NATIVE = "native"

    def __str__(self) -> str:
        return str(self.value)
