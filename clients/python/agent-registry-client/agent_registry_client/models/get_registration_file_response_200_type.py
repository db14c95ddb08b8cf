from enum import StrEnum


class GetRegistrationFileResponse200Type(StrEnum):
    HTTPSEIPS_ETHEREUM_ORGEIPSEIP_8004REGISTRATION_V1 = "https://eips.ethereum.org/EIPS/eip-8004#registration-v1"

    def __str__(self) -> str:
        return str(self.value)
