from enum import StrEnum


class AiCatalogResponse200SpecVersion(StrEnum):
    VALUE_0 = "1.0"

    def __str__(self) -> str:
        return str(self.value)
