from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_domain_response_402_type_0_type_1_request_method import (
    RegisterDomainResponse402Type0Type1RequestMethod,
)
from ..models.register_domain_response_402_type_0_type_1_request_mpp_network import (
    RegisterDomainResponse402Type0Type1RequestMppNetwork,
)
from ..models.register_domain_response_402_type_0_type_1_request_payment_method import (
    RegisterDomainResponse402Type0Type1RequestPaymentMethod,
)

T = TypeVar("T", bound="RegisterDomainResponse402Type0Type1Request")


@_attrs_define
class RegisterDomainResponse402Type0Type1Request:
    """
    Attributes:
        method (RegisterDomainResponse402Type0Type1RequestMethod):
        url (str):
        payment_method (RegisterDomainResponse402Type0Type1RequestPaymentMethod):
        mpp_network (RegisterDomainResponse402Type0Type1RequestMppNetwork):
    """

    method: RegisterDomainResponse402Type0Type1RequestMethod
    url: str
    payment_method: RegisterDomainResponse402Type0Type1RequestPaymentMethod
    mpp_network: RegisterDomainResponse402Type0Type1RequestMppNetwork

    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        url = self.url

        payment_method = self.payment_method.value

        mpp_network = self.mpp_network.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "method": method,
                "url": url,
                "payment_method": payment_method,
                "mpp_network": mpp_network,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = RegisterDomainResponse402Type0Type1RequestMethod(d.pop("method"))

        url = d.pop("url")

        payment_method = RegisterDomainResponse402Type0Type1RequestPaymentMethod(d.pop("payment_method"))

        mpp_network = RegisterDomainResponse402Type0Type1RequestMppNetwork(d.pop("mpp_network"))

        register_domain_response_402_type_0_type_1_request = cls(
            method=method,
            url=url,
            payment_method=payment_method,
            mpp_network=mpp_network,
        )

        return register_domain_response_402_type_0_type_1_request
