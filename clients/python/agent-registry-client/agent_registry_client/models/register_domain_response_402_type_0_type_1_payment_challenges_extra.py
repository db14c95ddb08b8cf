from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_domain_response_402_type_0_type_1_payment_challenges_extra_asset_transfer_method import (
    RegisterDomainResponse402Type0Type1PaymentChallengesExtraAssetTransferMethod,
)

T = TypeVar("T", bound="RegisterDomainResponse402Type0Type1PaymentChallengesExtra")


@_attrs_define
class RegisterDomainResponse402Type0Type1PaymentChallengesExtra:
    """
    Attributes:
        asset_transfer_method (RegisterDomainResponse402Type0Type1PaymentChallengesExtraAssetTransferMethod):
        name (str): EIP-712 domain name of the token; copy it exactly
        version (str):
    """

    asset_transfer_method: RegisterDomainResponse402Type0Type1PaymentChallengesExtraAssetTransferMethod
    name: str
    version: str

    def to_dict(self) -> dict[str, Any]:
        asset_transfer_method = self.asset_transfer_method.value

        name = self.name

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "assetTransferMethod": asset_transfer_method,
                "name": name,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        asset_transfer_method = RegisterDomainResponse402Type0Type1PaymentChallengesExtraAssetTransferMethod(
            d.pop("assetTransferMethod")
        )

        name = d.pop("name")

        version = d.pop("version")

        register_domain_response_402_type_0_type_1_payment_challenges_extra = cls(
            asset_transfer_method=asset_transfer_method,
            name=name,
            version=version,
        )

        return register_domain_response_402_type_0_type_1_payment_challenges_extra
