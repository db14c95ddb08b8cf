from enum import StrEnum


class RegisterOnchainIdentityResponse402Type0Protocol(StrEnum):
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
