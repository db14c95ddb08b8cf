from enum import StrEnum


class RegisterDomainResponse402Type0Type1QuoteCurrency(StrEnum):
    USDC = "USDC"

    def __str__(self) -> str:
        return str(self.value)
