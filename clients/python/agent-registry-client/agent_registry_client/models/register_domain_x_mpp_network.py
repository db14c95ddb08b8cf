from enum import StrEnum


class RegisterDomainXMppNetwork(StrEnum):
    BASE_MAINNET = "base-mainnet"
    TEMPO = "tempo"

    def __str__(self) -> str:
        return str(self.value)
