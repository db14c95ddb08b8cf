from enum import StrEnum


class RegisterDomainBodyMppNetwork(StrEnum):
    BASE_MAINNET = "base-mainnet"
    TEMPO = "tempo"

    def __str__(self) -> str:
        return str(self.value)
