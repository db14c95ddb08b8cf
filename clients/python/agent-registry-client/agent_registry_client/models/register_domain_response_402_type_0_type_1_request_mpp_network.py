from enum import StrEnum


class RegisterDomainResponse402Type0Type1RequestMppNetwork(StrEnum):
    BASE_MAINNET = "base-mainnet"

    def __str__(self) -> str:
        return str(self.value)
