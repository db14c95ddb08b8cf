from enum import StrEnum


class RegisterDomainResponse402Type0Type1Protocol(StrEnum):
    X402 = "x402"

    def __str__(self) -> str:
        return str(self.value)
