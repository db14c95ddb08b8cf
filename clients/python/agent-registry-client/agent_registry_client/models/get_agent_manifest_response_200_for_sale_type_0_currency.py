from enum import StrEnum


class GetAgentManifestResponse200ForSaleType0Currency(StrEnum):
    PATHUSD = "pathUSD"

    def __str__(self) -> str:
        return str(self.value)
