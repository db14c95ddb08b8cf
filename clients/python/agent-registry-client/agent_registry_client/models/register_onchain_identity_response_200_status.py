from enum import StrEnum


class RegisterOnchainIdentityResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
